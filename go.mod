module pasyans

go 1.26.8
