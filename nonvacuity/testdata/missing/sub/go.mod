module example.com/fixture/sub

go 1.26
